import { runStandalone } from '@bi/service-kit';
import { startDataSourceService } from './index.js';

await runStandalone('data-source', startDataSourceService);
