import { Controller } from '@nestjs/common';
import { relationV1 } from '@bi/proto';

/** RelationService: its methods arrive with the issue that builds this service. */
@Controller()
@relationV1.RelationServiceControllerMethods()
export class RelationGrpcController implements relationV1.RelationServiceController {}
