import { companyQrCode } from '@trustleaf/domain/api/trust';
import { api } from '@/lib/api';

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
