import { Controller } from '@nestjs/common';
import { identityV1 } from '@bi/proto';
import { IdentityService } from './identity.service.js';

@Controller()
@identityV1.IdentityServiceControllerMethods()
export class IdentityGrpcController implements identityV1.IdentityServiceController {
  constructor(private readonly identity: IdentityService) {}

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
}
