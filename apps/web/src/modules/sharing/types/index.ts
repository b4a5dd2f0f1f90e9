/** Shapes of the sharing calls (spec 02 §3 Share form and Publish failure log, §7 Sharing; docs/api/sharing.md). */

/** A role or a user that a source can be shared with. */
export interface Principal {
  id: string;
  name: string;
}

/** GET /api/data_source/roles_users[/{id}]: who exists, and (with an id) who the source is shared with. */
export interface ShareForm {
  roles: Principal[];
  users: Principal[];
  /** ids of the roles the source is shared with */
  selectRoles: string[];
  /** ids of the users the source is shared with */
  selectUsers: string[];
}

/** One entry of the publish failure log. */
export interface PublishFailure {
  dataSourceId?: string;
  dataSourceName: string;
  failedMessage: string;
}

export interface PublishBody {
  roleIds: string[];
  userIds: string[];
}

export type PublishType = 'add' | 'remove';

export interface BatchPublishBody extends PublishBody {
  dataSourceIds: string[];
  publishType: PublishType;
  projectId: string;
}
