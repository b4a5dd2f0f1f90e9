import { Body, Controller, Get, Inject, Ip, Param, Post, Put, Req, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiBody, ApiOperation, ApiTags } from '@nestjs/swagger';
import { LANGUAGES, toMessageKey, translate } from '@bi/i18n';
import type { identityV1 } from '@bi/proto';
import { z } from 'zod';
import { IDENTITY_CLIENT, rpc } from '../grpc-clients.js';
import { AllowedBeforePasswordChange, CurrentUser, Public, type AuthUser } from '../http/auth.guard.js';
import { requestLanguage } from '../http/request-language.js';
import { TokenCache } from '../http/token-cache.js';
import { parseInput } from '../http/validation.js';

const loginBody = z.object({
  userName: z.string().max(256).default(''),
  password: z.string().max(256).default(''),
  autoLogin: z.union([z.boolean(), z.enum(['true', 'false']).transform((v) => v === 'true')]).default(false),
  lang: z.string().max(16).optional(),
});

const userNameParam = z.string().min(1).max(64);
const passwordBody = z.object({ oldPassword: z.string().max(256).default(''), newPassword: z.string().max(256).default('') });
const languageBody = z.object({ language: z.enum(LANGUAGES) });

/** Login, logout and module flags (spec 01 §7 Login, 02 §7 Session/modules). */
@ApiTags('identity')
@Controller('identity')
export class IdentityController {
  constructor(
    @Inject(IDENTITY_CLIENT) private readonly identity: identityV1.IdentityServiceClient,
    private readonly tokens: TokenCache,
  ) {}

  @Public()
  @Post('login')
  @ApiOperation({ summary: 'Sign in; data.token.code is 200 on success, 401 on a wrong account or password, 429 when throttled' })
  @ApiBody({
    schema: {
      type: 'object',
      required: ['userName', 'password'],
      properties: { userName: { type: 'string' }, password: { type: 'string' }, autoLogin: { type: 'boolean' }, lang: { type: 'string', enum: ['zh-CN', 'zh-TW', 'en'] } },
    },
  })
  async login(@Body() body: unknown, @Ip() ip: string, @Req() req: { headers: Record<string, string | string[] | undefined> }, @Res({ passthrough: true }) res: { status(n: number): unknown; setHeader(k: string, v: string): void }) {
    const input = parseInput(loginBody, body);
    const reply = await rpc(this.identity.login({ userName: input.userName, password: input.password, autoLogin: input.autoLogin, clientIp: ip ?? '' }));
    // The login form's own language wins over the header, so the message matches the screen.
    const lang = input.lang ? requestLanguage({ headers: { currentlanguage: input.lang } }) : requestLanguage(req);
    res.status(200);
    if (reply.code === 429) res.setHeader('Retry-After', String(reply.retryAfterSeconds));
    return {
      token: {
        code: reply.code,
        result: {
          token: reply.token,
          userName: reply.userName,
          message: translate(toMessageKey(reply.messageKey), lang, { seconds: reply.retryAfterSeconds }),
          // only when an administrator set the password (docs/api/identity-admin.md); the spec's shape otherwise
          ...(reply.code === 200 && reply.mustChangePassword ? { mustChangePassword: true } : {}),
        },
      },
      permission: reply.code === 200 ? reply.permission ?? { roles: [], permissions: [] } : null,
    };
  }

  @Get('logout/:userName')
  @AllowedBeforePasswordChange()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Revoke the token of this request (it must belong to userName)' })
  async logout(@Param('userName') userName: string, @CurrentUser() user: AuthUser) {
    const name = parseInput(userNameParam, userName);
    const reply = await rpc(this.identity.logout({ token: user.token, userName: name }));
    // this BFF forgets the token at once; others see identity's revocation stamp on their next request
    this.tokens.drop(user.token);
    return { userName: name, revoked: reply.revoked };
  }

  @Get('get-shipment-modules-data/datasource')
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Module flags gating the data-source types a user may create' })
  async modules(@CurrentUser() user: AuthUser) {
    const reply = await rpc(this.identity.getModules({ userId: user.userId }));
    return Object.fromEntries(reply.modules.map((m) => [m.name, { permission: m.permission }]));
  }

  @Post('password')
  @AllowedBeforePasswordChange()
  @ApiBearerAuth()
  @ApiOperation({ summary: 'Change one\'s own password {oldPassword, newPassword} (8–256 characters): {changed}' })
  @ApiBody({ schema: { type: 'object', required: ['oldPassword', 'newPassword'], properties: { oldPassword: { type: 'string' }, newPassword: { type: 'string' } } } })
  async changePassword(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(passwordBody, body);
    const reply = await rpc(this.identity.changePassword({ userId: user.userId, oldPassword: b.oldPassword, newPassword: b.newPassword }));
    this.tokens.drop(user.token);
    return { changed: reply.changed };
  }

  @Put('language')
  @ApiBearerAuth()
  @ApiOperation({ summary: "Save one's own language {language: zh-CN | zh-TW | en} (the web's language switch; alert mails and AlertTriggered texts are written in it): {language}" })
  @ApiBody({ schema: { type: 'object', required: ['language'], properties: { language: { type: 'string', enum: ['zh-CN', 'zh-TW', 'en'] } } } })
  async setLanguage(@Body() body: unknown, @CurrentUser() user: AuthUser) {
    const b = parseInput(languageBody, body);
    const reply = await rpc(this.identity.setUserLanguage({ userId: user.userId, language: b.language }));
    return { language: reply.language };
  }
}
