import { Controller } from '@nestjs/common';
import { dataSourceV1 } from '@bi/proto';

/** DataSourceService: its methods arrive with the issue that builds this service. */
@Controller()
@dataSourceV1.DataSourceServiceControllerMethods()
export class DataSourceGrpcController implements dataSourceV1.DataSourceServiceController {}
