import QRCode from 'qrcode';

/**
 * Spec 3 §7 companyQrCode: an SVG QR code of the live profile's address, optionally with the company's
 * logo in its middle. With a logo the code uses the highest error correction (H, 30 %), and the logo
 * with its white margin covers under 5 % of the symbol, well inside what the code can lose.
 */
export async function renderQrCode(
  url: string,
  logo: { bytes: Buffer; mime: string } | null,
): Promise<string> {
  const svg = await QRCode.toString(url, {
    type: 'svg',
    errorCorrectionLevel: logo ? 'H' : 'M',
    margin: 2,
    width: 512,
  });
  if (!logo) return svg;
  const size = Number(/viewBox="0 0 (\d+) \d+"/.exec(svg)?.[1]);
  if (!Number.isFinite(size)) return svg;
  const box = Math.round(size * 0.2);
  const at = (size - box) / 2;
  const pad = 0.5;
  const image = `<rect x="${at - pad}" y="${at - pad}" width="${box + 2 * pad}" height="${box + 2 * pad}" rx="1" fill="#ffffff"/><image x="${at}" y="${at}" width="${box}" height="${box}" preserveAspectRatio="xMidYMid meet" href="data:${logo.mime};base64,${logo.bytes.toString('base64')}"/>`;
  return svg.replace(/<\/svg>\s*$/, `${image}</svg>`);
}
