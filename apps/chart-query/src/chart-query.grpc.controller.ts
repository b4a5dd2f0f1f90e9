import { Controller } from '@nestjs/common';
import { chartQueryV1 } from '@bi/proto';
import { ChartRunner } from './chart-runner.js';
import { RollupKeeper } from './rollup-keeper.js';

@Controller()
@chartQueryV1.ChartQueryServiceControllerMethods()
export class ChartQueryGrpcController implements chartQueryV1.ChartQueryServiceController {
  constructor(
    private readonly runner: ChartRunner,
    private readonly keeper: RollupKeeper,
  ) {}

  runChart(r: chartQueryV1.RunChartRequest) {
    return this.runner.runChart(r);
  }
  details(r: chartQueryV1.DetailsRequest) {
    return this.runner.details(r);
  }
  chartValues(r: chartQueryV1.ChartValuesRequest) {
    return this.runner.chartValues(r);
  }
  fieldRange(r: chartQueryV1.FieldRangeRequest) {
    return this.runner.fieldRange(r);
  }
  chartHeadlines(r: chartQueryV1.ChartHeadlinesRequest) {
    return this.runner.chartHeadlines(r);
  }
  rebuildRollups(r: chartQueryV1.RebuildRollupsRequest) {
    // in the background: a build scans the source (its outcome is in the source page's list)
    void this.keeper.rebuild(r.dataSourceId);
    return {};
  }
}
