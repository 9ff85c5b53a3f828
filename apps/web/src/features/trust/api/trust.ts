import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { companyQrCode, publishTrustProfile, trustProfileSettings } from '@trustleaf/domain/api/trust';
import { api } from '@/lib/api';

export const trustKeys = {
  settings: (plCompanyId: number) => ['trust', 'settings', plCompanyId] as const,
};

export function useTrustSettings(plCompanyId: number) {
  return useQuery({
    queryKey: trustKeys.settings(plCompanyId),
    queryFn: () => api.call(trustProfileSettings, { plCompanyId }),
  });
}

export function usePublishTrustProfile(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (published: boolean) => api.call(publishTrustProfile, { plCompanyId, published }),
    onSuccess: (settings) => queryClient.setQueryData(trustKeys.settings(plCompanyId), settings),
  });
}

/** The QR code (spec 3 §7 companyQrCode) as an SVG file download. */
export async function downloadQrCode(plCompanyId: number, withLogo: boolean): Promise<void> {
  const svg = await api.download(companyQrCode, {
    plCompanyId,
    embedLogoType: withLogo ? 'COMPANY_LOGO' : 'NONE',
  });
  const url = URL.createObjectURL(svg);
  const link = document.createElement('a');
  link.href = url;
  link.download = withLogo ? 'trust-profile-qr-logo.svg' : 'trust-profile-qr.svg';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
