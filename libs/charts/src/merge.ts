/** customOption (JSON text) deep-merged over the built option, and the JSON clean-up of the result. */
import { INPUT_BOUNDS, jsonNesting } from '@bi/rules/text';
import { chartWarning, type ChartWarning } from './warnings.js';
import type { Json, JsonObject } from './types.js';

const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

export function isPlainObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.getPrototypeOf(value) === Object.prototype;
}

/**
 * Merges `patch` over `base` without changing either: objects merge key by key; arrays of objects merge
 * element by element (so `{"series":[{"smooth":true}]}` changes the first series), other arrays and
 * scalars replace. `null` in the patch sets null. Prototype keys are ignored.
 */
export function deepMerge(base: Json | undefined, patch: Json | undefined): Json | undefined {
  if (patch === undefined) return base;
  if (isPlainObject(base) && isPlainObject(patch)) {
    const out: JsonObject = { ...base };
    for (const [key, value] of Object.entries(patch)) {
      if (FORBIDDEN_KEYS.has(key)) continue;
      out[key] = deepMerge(base[key], value);
    }
    return out;
  }
  if (Array.isArray(base) && Array.isArray(patch) && patch.some(isPlainObject)) {
    const out: Json[] = [...base];
    patch.forEach((item, i) => {
      const merged = deepMerge(base[i], item);
      if (merged !== undefined) out[i] = merged;
    });
    return out;
  }
  return clone(patch);
}

function clone(value: Json): Json {
  if (Array.isArray(value)) return value.map(clone);
  if (isPlainObject(value)) {
    const out: JsonObject = {};
    for (const [k, v] of Object.entries(value)) if (!FORBIDDEN_KEYS.has(k) && v !== undefined) out[k] = clone(v);
    return out;
  }
  return value;
}

export type CustomOptionParse = { ok: true; value: JsonObject | null } | { ok: false; warning: ChartWarning };

/**
 * Parses customOption text: blank → null; invalid JSON, a non-object, or one beyond the bounds of
 * INPUT_BOUNDS (a chart stored before they were checked) → a warning (key and params), and the chart is drawn
 * without it (the merge walks it recursively: 20 000 levels would exhaust the stack on every run).
 */
export function parseCustomOption(text: string | undefined | null): CustomOptionParse {
  if (text === undefined || text === null || text.trim() === '') return { ok: true, value: null };
  if (text.length > INPUT_BOUNDS.customOptionChars || jsonNesting(text) > INPUT_BOUNDS.customOptionDepth) {
    return { ok: false, warning: chartWarning('customOptionTooLarge', { chars: INPUT_BOUNDS.customOptionChars, depth: INPUT_BOUNDS.customOptionDepth }) };
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (e) {
    return { ok: false, warning: chartWarning('customOptionInvalidJson', { detail: (e as Error).message }) };
  }
  if (!isPlainObject(parsed)) return { ok: false, warning: chartWarning('customOptionNotObject') };
  return { ok: true, value: parsed };
}

/**
 * Drops undefined members and turns non-finite numbers into null, so the option is exactly its JSON.
 * Arrays of plain values that need no change are shared with the input, not copied.
 */
export function compact(value: Json | undefined): Json | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (typeof value !== 'object' || value === null) return value;
  if (Array.isArray(value)) {
    // The option's data arrays hold thousands of small arrays of plain values ([category, value,
    // text]); one that needs no change is kept as it is instead of copied (hot).
    let plainOnly = true;
    for (let i = 0; i < value.length && plainOnly; i++) {
      const v = value[i];
      plainOnly = typeof v === 'string' || typeof v === 'boolean' || v === null || (typeof v === 'number' && Number.isFinite(v));
    }
    if (plainOnly) return value;
    const out: Json[] = new Array(value.length);
    for (let i = 0; i < value.length; i++) out[i] = compact(value[i]) ?? null;
    return out;
  }
  if (isPlainObject(value)) {
    const out: JsonObject = {};
    for (const k of Object.keys(value)) {
      const c = compact(value[k]);
      if (c !== undefined) out[k] = c;
    }
    return out;
  }
  return value;
}
