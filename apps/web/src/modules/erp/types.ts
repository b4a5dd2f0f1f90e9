/** An ERP account as GET /api/e10account/list answers it (spec 02 §3; the password never: identity is ''). */
export interface ErpAccount {
  id: string;
  name: string;
  ip: string;
  port: number;
  userName: string;
  identity: string;
  hasPassword: boolean;
  isPrimary: boolean;
  isSelected: boolean;
}

/** The body of POST /api/e10account/edit. */
export interface ErpAccountBody {
  id?: string;
  name: string;
  ip: string;
  port: number;
  userName: string;
  /** empty: keep the stored password (only while ip and port stay the same) */
  identity: string;
  isPrimary: boolean;
  isSelected: boolean;
}
