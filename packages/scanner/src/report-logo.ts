import SVGtoPDF from 'svg-to-pdfkit';

/** The logo in the form pdfkit draws: raster bytes it opens itself, or an SVG drawn as vector paths. */
export type PdfLogo = { kind: 'raster'; bytes: Buffer } | { kind: 'svg'; svg: string };

/** The logo formats a report takes, told by their content (an upload's name may say anything). */
export type LogoFormat = 'png' | 'jpg' | 'gif' | 'webp' | 'svg';

export function logoFormat(bytes: Buffer): LogoFormat | null {
  if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])))
    return 'png';
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'jpg';
  const ascii = bytes.subarray(0, 12).toString('latin1');
  if (ascii.startsWith('GIF87a') || ascii.startsWith('GIF89a')) return 'gif';
  if (ascii.startsWith('RIFF') && ascii.slice(8, 12) === 'WEBP') return 'webp';
  // An SVG is XML text: an optional byte-order mark, XML declaration, comments or doctype, then <svg.
  const text = bytes
    .subarray(0, 4096)
    .toString('utf8')
    .replace(/^\uFEFF/, '');
  if (/^\s*(<\?xml[^>]*>\s*)?(<!--[\s\S]*?-->\s*|<!DOCTYPE[^>]*>\s*)*<svg[\s>]/i.test(text)) return 'svg';
  return null;
}

/**
 * Prepares a logo for the report: PNG and JPEG as they are, GIF and WebP converted to PNG (pdfkit
 * opens neither; an animated one gives its first frame), SVG kept as text to be drawn as vector.
 * Anything else, or a file that does not decode, gives no logo: a broken logo never stops a report.
 */
export async function prepareLogo(bytes: Buffer): Promise<PdfLogo | null> {
  const format = logoFormat(bytes);
  switch (format) {
    case 'png':
    case 'jpg':
      return { kind: 'raster', bytes };
    case 'gif':
    case 'webp': {
      // Loaded on first use only: sharp carries a native image library most reports never need.
      const { default: sharp } = await import('sharp');
      try {
        return { kind: 'raster', bytes: await sharp(bytes, { animated: false }).png().toBuffer() };
      } catch {
        return null;
      }
    }
    case 'svg':
      return { kind: 'svg', svg: bytes.toString('utf8') };
    default:
      return null;
  }
}

/** Images an SVG logo may embed: inline PNG or JPEG data only, never a file path or an address. */
function inlineImageOnly(link: string): string {
  return /^data:image\/(png|jpe?g);base64,/i.test(link) ? link.replace(/\s+/g, '') : '';
}

/** Draws the logo in a square box at (x, y), kept in proportion. */
export function drawLogo(doc: PDFKit.PDFDocument, logo: PdfLogo, x: number, y: number, size: number): void {
  if (logo.kind === 'raster') {
    doc.image(logo.bytes, x, y, { fit: [size, size] });
    return;
  }
  doc.save();
  SVGtoPDF(doc, logo.svg, x, y, {
    width: size,
    height: size,
    preserveAspectRatio: 'xMinYMin meet',
    imageCallback: inlineImageOnly,
    // A reference to another document would be read from disk; a logo stands alone.
    documentCallback: () => [],
    // A part the library cannot draw is left out; the rest of the logo still is.
    warningCallback: () => undefined,
  });
  doc.restore();
}
