/** A role as sent at login; only the id matters to the web app. */
export interface Role {
  id: string;
  name?: string;
}

export interface PermissionEntry {
  target: string;
}

/** Permission data kept in localStorage (key `permission`) after login. */
export interface PermissionData {
  roles?: Role[] | null;
  permissions?: PermissionEntry[] | null;
}

export interface LoginRequest {
  userName: string;
  password: string;
  autoLogin: boolean;
  lang: string;
}

export interface LoginTokenResult {
  token?: string;
  userName?: string;
  message?: string;
  /** set by an administrator's create or reset: the user must choose a new password first */
  mustChangePassword?: boolean;
}

/** `data` of the login answer. */
export interface LoginResponse {
  token: {
    code: number;
    result: LoginTokenResult;
  };
  permission: PermissionData | null;
}

/** Values of the login form. */
export interface LoginFormValues {
  userName: string;
  password: string;
  lang: string;
  autoLogin: boolean;
}
