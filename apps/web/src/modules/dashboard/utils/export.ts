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

/**
 * What is still busy inside an exported element: a chart loading or refreshing, a table paging (antd's
 * Spin fades what it covers to half opacity: a PNG taken then drew the table faded, issue 27).
 */
export const BUSY_SELECTOR = '[aria-busy="true"], .ant-spin-spinning, .ant-spin-blur, [data-testid="chart-refreshing"]';
/** antd's Spin container fades back to full opacity in 0.3 s. */
const FADE_MS = 350;

/** Waits until nothing in `element` is busy (BUSY_SELECTOR), at most `timeoutMs`, then for the fade back. */
export async function waitUntilSettled(element: HTMLElement, timeoutMs = 10_000, pollMs = 100): Promise<void> {
  const end = Date.now() + timeoutMs;
  let waited = false;
  while (element.querySelector(BUSY_SELECTOR) && Date.now() < end) {
    waited = true;
    await sleep(pollMs);
  }
  if (waited || element.querySelector('.ant-spin-container')) await sleep(FADE_MS);
}

/** Renders `element` (its full scroll size) to a PNG and saves it, or puts that image on one PDF page. */
export async function exportElement(element: HTMLElement, kind: 'png' | 'pdf', fileName: string, backgroundColor: string): Promise<void> {
  const { toPng } = await import('html-to-image');
  await waitUntilSettled(element);
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
