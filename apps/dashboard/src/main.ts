import { runStandalone } from '@bi/service-kit';
import { startDashboardService } from './index.js';

await runStandalone('dashboard', startDashboardService);
