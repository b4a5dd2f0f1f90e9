import { Controller } from '@nestjs/common';
import { identityV1 } from '@bi/proto';
import { AdminService } from './admin.service.js';
import { ApiKeyService } from './api-keys.service.js';
import { EmbedSecretService } from './embed-secret.service.js';
import { GrantService } from './grants.service.js';
import { IdentityService } from './identity.service.js';

@Controller()
@identityV1.IdentityServiceControllerMethods()
export class IdentityGrpcController implements identityV1.IdentityServiceController {
  constructor(
    private readonly identity: IdentityService,
    private readonly grants: GrantService,
    private readonly admin: AdminService,
    private readonly keys: ApiKeyService,
    private readonly embedSecret: EmbedSecretService,
  ) {}

  login(request: identityV1.LoginRequest): Promise<identityV1.LoginReply> {
    return this.identity.login(request);
  }

  async logout(request: identityV1.LogoutRequest): Promise<identityV1.LogoutReply> {
    return { revoked: await this.identity.logout(request.token, request.userName) };
  }

  verifyToken(request: identityV1.VerifyTokenRequest): Promise<identityV1.VerifyTokenReply> {
    return this.identity.verifyToken(request.token);
  }

  async getModules(request: identityV1.GetModulesRequest): Promise<identityV1.GetModulesReply> {
    return { modules: await this.identity.modules(request.userId) };
  }

  listRolesUsers(): Promise<identityV1.ListRolesUsersReply> {
    return this.identity.listRolesUsers();
  }

  listGrants(request: identityV1.ListGrantsRequest): Promise<identityV1.ListGrantsReply> {
    return this.grants.list(request.target);
  }

  changeGrants(request: identityV1.ChangeGrantsRequest): Promise<identityV1.ChangeGrantsReply> {
    return this.grants.change(request);
  }

  async dropTargetGrants(request: identityV1.DropTargetGrantsRequest): Promise<identityV1.DropTargetGrantsReply> {
    return { dropped: await this.grants.drop(request.targets, request.actor) };
  }

  async listUsers(): Promise<identityV1.ListUsersReply> {
    return { users: await this.admin.listUsers() };
  }

  async listRoles(): Promise<identityV1.ListRolesReply> {
    return { roles: await this.admin.listRoles() };
  }

  createUser(request: identityV1.CreateUserRequest): Promise<identityV1.AdminUser> {
    return this.admin.createUser(request);
  }

  setUserDisabled(request: identityV1.SetUserDisabledRequest): Promise<identityV1.AdminUser> {
    return this.admin.setDisabled(request);
  }

  resetPassword(request: identityV1.ResetPasswordRequest): Promise<identityV1.AdminUser> {
    return this.admin.resetPassword(request);
  }

  setUserRoles(request: identityV1.SetUserRolesRequest): Promise<identityV1.AdminUser> {
    return this.admin.setRoles(request);
  }

  getUserGrants(request: identityV1.GetUserGrantsRequest): Promise<identityV1.GetUserGrantsReply> {
    return this.admin.userGrants(request.userId);
  }

  async listAudit(request: identityV1.ListAuditRequest): Promise<identityV1.ListAuditReply> {
    return { entries: await this.admin.listAudit(request) };
  }

  async recordAudit(request: identityV1.RecordAuditRequest): Promise<identityV1.RecordAuditReply> {
    await this.admin.recordAudit(request);
    return {};
  }

  async changePassword(request: identityV1.ChangePasswordRequest): Promise<identityV1.ChangePasswordReply> {
    return { changed: await this.admin.changePassword(request) };
  }

  async setUserLanguage(request: identityV1.SetUserLanguageRequest): Promise<identityV1.SetUserLanguageReply> {
    return { language: await this.admin.setLanguage(request) };
  }

  createApiKey(request: identityV1.CreateApiKeyRequest): Promise<identityV1.CreateApiKeyReply> {
    return this.keys.create(request);
  }

  async listApiKeys(request: identityV1.ListApiKeysRequest): Promise<identityV1.ListApiKeysReply> {
    return { keys: await this.keys.list(request.userId) };
  }

  revokeApiKey(request: identityV1.RevokeApiKeyRequest): Promise<identityV1.ApiKey> {
    return this.keys.revoke(request);
  }

  verifyApiKey(request: identityV1.VerifyApiKeyRequest): Promise<identityV1.VerifyApiKeyReply> {
    return this.keys.verify(request);
  }

  getEmbedSecret(request: identityV1.GetEmbedSecretRequest): Promise<identityV1.EmbedSecretReply> {
    return this.embedSecret.get(request);
  }

  rotateEmbedSecret(request: identityV1.RotateEmbedSecretRequest): Promise<identityV1.EmbedSecretReply> {
    return this.embedSecret.rotate(request);
  }
}
