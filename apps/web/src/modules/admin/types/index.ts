/** Shapes of docs/api/identity-admin.md (user administration and audit log, beyond the spec). */

export interface RoleRef {
  id: string;
  name: string;
}

export interface AdminUser {
  id: string;
  userName: string;
  displayName: string;
  disabled: boolean;
  mustChangePassword: boolean;
  roles: RoleRef[];
  /** ISO 8601 */
  createdAt: string;
}

export interface AdminRole {
  id: string;
  name: string;
  /** area permissions (datasource:view, datasource:edit, template:view, template:edit, dashboard:edit) */
  permissions: string[];
  userCount: number;
}

export interface CreateUserBody {
  userName: string;
  displayName?: string;
  password: string;
  roleIds: string[];
}

export interface UserGrant {
  target: string;
  via: 'user' | 'role';
  roleId: string | null;
}

/** GET users/{id}/grants */
export interface UserGrants {
  user: AdminUser;
  /** effective permission names, without the drn prefix */
  permissions: string[];
  grants: UserGrant[];
}

export type AuditAction =
  | 'grant.add'
  | 'grant.remove'
  | 'grant.drop_target'
  | 'user.create'
  | 'user.disable'
  | 'user.enable'
  | 'user.password_reset'
  | 'user.roles'
  | 'row_rules.set'
  | 'datasource.delete'
  | 'datasource_folder.delete'
  | 'dashboard.delete'
  | 'dashboard_folder.delete'
  | 'chart.delete';

export interface AuditEntry {
  id: number;
  at: string;
  actorId: string;
  actorName: string;
  action: AuditAction | string;
  target: string;
  detail: Record<string, unknown>;
}
