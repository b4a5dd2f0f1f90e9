/** The custom option: JSON text of an object merged over the built ECharts option (docs/api/chart.md). */

export const CUSTOM_OPTION_MAX_LENGTH = 100_000;

export type CustomOptionCheck =
  | { ok: true; /** '' for blank text */ text: string; value: Record<string, unknown> | null }
  | { ok: false; problem: 'json'; detail: string }
  | { ok: false; problem: 'notObject' }
  | { ok: false; problem: 'tooLong' };

/** Blank text means "no custom option"; otherwise the text must parse as a JSON object. */
export function checkCustomOption(text: string | null | undefined): CustomOptionCheck {
  const raw = text ?? '';
  if (raw.trim() === '') return { ok: true, text: '', value: null };
  if (raw.length > CUSTOM_OPTION_MAX_LENGTH) return { ok: false, problem: 'tooLong' };
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch (error) {
    return { ok: false, problem: 'json', detail: error instanceof Error ? error.message : String(error) };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return { ok: false, problem: 'notObject' };
  return { ok: true, text: raw, value: parsed as Record<string, unknown> };
}

/** The text indented by two spaces, or the text unchanged when it is not a valid custom option. */
export function formatCustomOption(text: string): string {
  const check = checkCustomOption(text);
  if (!check.ok || check.value === null) return text;
  return JSON.stringify(check.value, null, 2);
}

/** Whether the text differs from the stored custom option (blank equals missing). */
export function customOptionChanged(text: string, stored: string | undefined): boolean {
  const a = text.trim() === '' ? '' : text;
  const b = (stored ?? '').trim() === '' ? '' : (stored ?? '');
  return a !== b;
}
