import type { identityV1 } from '@bi/proto';
import { rpc } from '../grpc-clients.js';

/**
 * The share / publish form (spec 02 §3 "Share form"): every role and user, and the ids holding the
 * grant `target` (none without a target). One shape for sources, relation maps and templates.
 */
export async function shareForm(identity: identityV1.IdentityServiceClient, target?: string) {
  const [all, held] = await Promise.all([rpc(identity.listRolesUsers({})), target ? rpc(identity.listGrants({ target })) : Promise.resolve({ roles: [], users: [] })]);
  return { roles: all.roles, users: all.users, selectRoles: held.roles.map((r) => r.id), selectUsers: held.users.map((u) => u.id) };
}
