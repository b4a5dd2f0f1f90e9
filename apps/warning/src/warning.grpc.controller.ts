import { Controller } from '@nestjs/common';
import { warningV1 } from '@bi/proto';

/** WarningService: its methods arrive with the issue that builds this service. */
@Controller()
@warningV1.WarningServiceControllerMethods()
export class WarningGrpcController implements warningV1.WarningServiceController {}
