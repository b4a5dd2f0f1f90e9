import { AppError, type MessageKey } from '@bi/core';
import { checkName, isTab, type Tab } from '@bi/rules';

/** Ids of the product's records are UUIDs. */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const isUuid = (v: unknown): v is string => typeof v === 'string' && UUID_PATTERN.test(v);

/** Ids are UUIDs; anything else cannot exist, so it is "not found" (the message key given) without asking the store. */
export function idOrNotFound(id: string | undefined, key: MessageKey): string {
  if (!isUuid(id)) throw new AppError('not_found', key);
  return id;
}

/** A {tab} value of a request (dashboard | template, @bi/rules TABS); 'tab.invalid' otherwise. */
export function tabOrInvalid(tab: string): Tab {
  if (!isTab(tab)) throw new AppError('invalid', 'tab.invalid');
  return tab;
}

/** A folder, dashboard or source name (3–20 characters, one line: @bi/rules checkName), trimmed; name.required / name.length / name.line_break otherwise. */
export function validName(name: string): string {
  const problem = checkName(name);
  if (problem) throw new AppError('invalid', `name.${problem}`);
  return name.trim();
}
