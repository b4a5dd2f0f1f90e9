import { Controller } from '@nestjs/common';
import { dataSourceQueryV1 } from '@bi/proto';
import { RollupsService } from './rollups.service.js';
import { SourceQueryService } from './source-query.service.js';

@Controller()
@dataSourceQueryV1.DataSourceQueryServiceControllerMethods()
export class SourceQueryGrpcController implements dataSourceQueryV1.DataSourceQueryServiceController {
  constructor(
    private readonly queries: SourceQueryService,
    private readonly rollups: RollupsService,
  ) {}

  describe(r: dataSourceQueryV1.DescribeSourceRequest) {
    return this.queries.describe(r.dataSourceId);
  }
  runQuery(r: dataSourceQueryV1.RunQueryRequest) {
    return this.queries.runQuery(r);
  }
  keepRollups(r: dataSourceQueryV1.KeepRollupsRequest) {
    return this.rollups.keep(r);
  }
  listRollups(r: dataSourceQueryV1.ListRollupsRequest) {
    return this.rollups.list(r.dataSourceId);
  }
  setRollupsEnabled(r: dataSourceQueryV1.SetRollupsEnabledRequest) {
    return this.rollups.setEnabled(r);
  }
  recordRollupHits(r: dataSourceQueryV1.RecordRollupHitsRequest) {
    return this.rollups.recordHits(r);
  }
}
