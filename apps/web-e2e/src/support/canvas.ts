import { expect, type Locator } from '@playwright/test';

/** The CSS position of the first bar in the box's canvas: a run of coloured pixels on a row low in the plot. */
export async function firstBar(box: Locator): Promise<{ x: number; y: number }> {
  const canvas = box.locator('canvas').first();
  const at = await canvas.evaluate((c: HTMLCanvasElement) => {
    const { data } = c.getContext('2d')!.getImageData(0, 0, c.width, c.height);
    const scale = c.width / c.clientWidth;
    for (const share of [0.8, 0.75, 0.7, 0.6, 0.5]) {
      const y = Math.floor(c.height * share);
      let start = -1;
      for (let x = 0; x < c.width; x++) {
        const i = (y * c.width + x) * 4;
        const coloured = Math.max(data[i]!, data[i + 1]!, data[i + 2]!) - Math.min(data[i]!, data[i + 1]!, data[i + 2]!) > 60;
        if (coloured && start < 0) start = x;
        else if (!coloured && start >= 0) {
          if (x - start > 4 * scale) return { x: (start + x) / 2 / scale, y: y / scale };
          start = -1;
        }
      }
    }
    return null;
  });
  expect(at, 'a bar drawn in the canvas').not.toBeNull();
  return at!;
}
