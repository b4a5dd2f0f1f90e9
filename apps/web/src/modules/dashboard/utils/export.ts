/** Image and PDF export of a DOM element (html-to-image, jspdf; loaded on first use). */

function download(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}

export const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Renders `element` (its full scroll size) to a PNG and saves it, or puts that image on one PDF page. */
export async function exportElement(element: HTMLElement, kind: 'png' | 'pdf', fileName: string, backgroundColor: string): Promise<void> {
  const { toPng } = await import('html-to-image');
  const width = Math.max(1, Math.ceil(element.scrollWidth));
  const height = Math.max(1, Math.ceil(element.scrollHeight));
  const dataUrl = await toPng(element, {
    backgroundColor,
    width,
    height,
    cacheBust: true,
    filter: (node) => !(node instanceof HTMLElement && (node.classList.contains('react-resizable-handle') || node.dataset.exportIgnore === 'true')),
  });
  if (kind === 'png') {
    download(dataUrl, fileName);
    return;
  }
  const { jsPDF } = await import('jspdf');
  const pdf = new jsPDF({ orientation: width >= height ? 'landscape' : 'portrait', unit: 'px', format: [width, height], hotfixes: ['px_scaling'], compress: true });
  pdf.addImage(dataUrl, 'PNG', 0, 0, width, height);
  pdf.save(fileName);
}
