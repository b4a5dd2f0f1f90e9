import { runStandalone } from '@bi/service-kit';
import { startWarningService } from './index.js';

await runStandalone('warning', startWarningService);
