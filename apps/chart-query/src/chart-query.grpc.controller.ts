import { Controller } from '@nestjs/common';
import { chartQueryV1 } from '@bi/proto';

/** ChartQueryService: its methods arrive with the issue that builds this service. */
@Controller()
@chartQueryV1.ChartQueryServiceControllerMethods()
export class ChartQueryGrpcController implements chartQueryV1.ChartQueryServiceController {}
