import { ERP_ACCOUNT_BOUNDS } from '@bi/chart-model';
import type { ErpAccount, ErpAccountBody } from '../types';

/** The ERP account form as typed (port as text: the input may be empty). */
export interface AccountFormValues {
  name: string;
  ip: string;
  port: string;
  userName: string;
  identity: string;
  isPrimary: boolean;
}

export type AccountField = keyof AccountFormValues;

/** The message keys of the form's problems (the module catalogue's `form.*`). */
export type AccountProblem = 'nameRequired' | 'ipRequired' | 'portInvalid' | 'userRequired' | 'passwordRequired' | 'passwordReenter' | 'primaryRequired' | 'tooLong';

export const ACCOUNT_BOUNDS = ERP_ACCOUNT_BOUNDS;

export function emptyAccountForm(firstAccount: boolean): AccountFormValues {
  return { name: '', ip: '', port: '', userName: '', identity: '', isPrimary: firstAccount };
}

export function accountFormOf(a: ErpAccount): AccountFormValues {
  return { name: a.name, ip: a.ip, port: String(a.port), userName: a.userName, identity: '', isPrimary: a.isPrimary };
}

/** The port typed, or null when it is no whole number from 1 to 65535. */
export function portOf(text: string): number | null {
  const t = text.trim();
  if (!/^\d{1,5}$/.test(t)) return null;
  const n = Number(t);
  return n >= 1 && n <= 65535 ? n : null;
}

/** The stored password may be kept (an empty password field) only against the same server, as the server decides. */
export function keepsStoredPassword(values: AccountFormValues, editing: ErpAccount | undefined): boolean {
  return !!editing?.hasPassword && values.ip.trim().toLowerCase() === editing.ip.toLowerCase() && portOf(values.port) === editing.port;
}

/**
 * The form's problems (spec 02 §5 "ERP account"): name, IP, port, user name and password each required
 * (the password may stay empty on an edit that keeps the server); the primary account cannot be
 * un-set ('account hint 1'). The server checks the same again.
 */
export function accountProblems(values: AccountFormValues, editing: ErpAccount | undefined): Partial<Record<AccountField, AccountProblem>> {
  const problems: Partial<Record<AccountField, AccountProblem>> = {};
  const B = ACCOUNT_BOUNDS;
  if (!values.name.trim()) problems.name = 'nameRequired';
  else if (values.name.trim().length > B.name) problems.name = 'tooLong';
  if (!values.ip.trim()) problems.ip = 'ipRequired';
  else if (values.ip.trim().length > B.ip) problems.ip = 'tooLong';
  if (portOf(values.port) === null) problems.port = 'portInvalid';
  if (!values.userName.trim()) problems.userName = 'userRequired';
  else if (values.userName.trim().length > B.userName) problems.userName = 'tooLong';
  if (values.identity.length > B.identity) problems.identity = 'tooLong';
  else if (!values.identity && !keepsStoredPassword(values, editing)) problems.identity = editing ? 'passwordReenter' : 'passwordRequired';
  if (editing?.isPrimary && !values.isPrimary) problems.isPrimary = 'primaryRequired';
  return problems;
}

/** The body of POST edit for a checked form. */
export function accountBody(values: AccountFormValues, editing: ErpAccount | undefined): ErpAccountBody {
  return {
    ...(editing ? { id: editing.id } : {}),
    name: values.name.trim(),
    ip: values.ip.trim(),
    port: portOf(values.port) ?? 0,
    userName: values.userName.trim(),
    identity: values.identity,
    isPrimary: values.isPrimary,
    isSelected: false,
  };
}

/** The body that chooses an account (isSelected) and changes nothing else: the stored password is kept. */
export function chooseBody(a: ErpAccount): ErpAccountBody {
  return { id: a.id, name: a.name, ip: a.ip, port: a.port, userName: a.userName, identity: '', isPrimary: a.isPrimary, isSelected: true };
}
