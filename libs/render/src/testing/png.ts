/** PNG reading for the specs: decode, pixels, variance of a region. */
import { decode } from 'fast-png';

export interface Picture {
  width: number;
  height: number;
  pixel(x: number, y: number): [number, number, number];
}

export function readPng(png: Buffer): Picture {
  const img = decode(png);
  const channels = img.channels;
  const data = img.data;
  return {
    width: img.width,
    height: img.height,
    pixel: (x, y) => {
      const i = (y * img.width + x) * channels;
      return [Number(data[i]), Number(data[i + 1]), Number(data[i + 2])];
    },
  };
}

/** Variance of the pixels' brightness over a region (0 for a plain area). */
export function variance(p: Picture, x0 = 0, y0 = 0, x1 = p.width, y1 = p.height): number {
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const [r, g, b] = p.pixel(x, y);
      const v = (r + g + b) / 3;
      n++;
      sum += v;
      sq += v * v;
    }
  }
  return n === 0 ? 0 : sq / n - (sum / n) ** 2;
}

/** Pixels that differ between two pictures' regions. */
export function differing(a: Picture, b: Picture, x0: number, y0: number, x1: number, y1: number): number {
  let count = 0;
  for (let y = y0; y < y1; y++) {
    for (let x = x0; x < x1; x++) {
      const p = a.pixel(x, y);
      const q = b.pixel(x, y);
      if (Math.abs(p[0] - q[0]) + Math.abs(p[1] - q[1]) + Math.abs(p[2] - q[2]) > 30) count++;
    }
  }
  return count;
}

export const hex = (rgb: [number, number, number]): string => '#' + rgb.map((c) => c.toString(16).padStart(2, '0')).join('').toUpperCase();
