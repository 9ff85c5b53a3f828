/**
 * Text of a PDF, page by page, with unpdf (PDF.js without a browser). The module is imported on the first
 * PDF only: most sites link none, and loading PDF.js costs more than a page.
 */
export async function pdfPageTexts(content: Uint8Array): Promise<string[]> {
  const { extractText, getDocumentProxy } = await import('unpdf');
  const pdf = await getDocumentProxy(content);
  try {
    const { text } = await extractText(pdf, { mergePages: false });
    return text;
  } finally {
    // PDF.js frees the document's memory on destroy(), which unpdf's typings leave out.
    await (pdf as unknown as { destroy?: () => Promise<void> }).destroy?.();
  }
}

/** Whether a body is a PDF by its content (magic bytes), whatever the server called it. */
export function isPdf(body: Uint8Array): boolean {
  return body[0] === 0x25 && body[1] === 0x50 && body[2] === 0x44 && body[3] === 0x46 && body[4] === 0x2d;
}
