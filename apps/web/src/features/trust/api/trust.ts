import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { publishTrustProfile, trustProfileSettings } from '@trustleaf/domain/api/trust';
import { api } from '@/lib/api';
import { ApiError } from '@/lib/api-client';
import { getAccessToken } from '@/stores/app-store';

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

/**
 * The QR code (spec 3 §7 companyQrCode) as an SVG file download. It is an image, not JSON, so it is
 * fetched directly with the session's token rather than through the JSON client.
 */
export async function downloadQrCode(plCompanyId: number, withLogo: boolean): Promise<void> {
  const query = new URLSearchParams({
    plCompanyId: String(plCompanyId),
    embedLogoType: withLogo ? 'COMPANY_LOGO' : 'NONE',
  });
  const token = getAccessToken();
  const response = await fetch(`/api/company/companyQrCode?${query.toString()}`, {
    headers: token ? { authorization: `Bearer ${token}` } : {},
    credentials: 'same-origin',
  });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { messages?: string[]; code?: string } | null;
    throw new ApiError(
      response.status,
      body?.code ?? 'INTERNAL',
      body?.messages?.[0] ?? 'Something went wrong',
    );
  }
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = withLogo ? 'trust-profile-qr-logo.svg' : 'trust-profile-qr.svg';
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}
