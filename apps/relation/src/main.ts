import { runStandalone } from '@bi/service-kit';
import { startRelationService } from './index.js';

await runStandalone('relation', startRelationService);
