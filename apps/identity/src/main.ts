import { runStandalone } from '@bi/service-kit';
import { startIdentityService } from './index.js';

await runStandalone('identity', startIdentityService);
