import { runStandalone } from '@bi/service-kit';
import { startTemplateService } from './index.js';

await runStandalone('template', startTemplateService);
