import { runStandalone } from '@bi/service-kit';
import { startChartQueryService } from './index.js';

await runStandalone('chart-query', startChartQueryService);
