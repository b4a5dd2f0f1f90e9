import { Controller } from '@nestjs/common';
import { templateV1 } from '@bi/proto';

/** TemplateService: its methods arrive with the issue that builds this service. */
@Controller()
@templateV1.TemplateServiceControllerMethods()
export class TemplateGrpcController implements templateV1.TemplateServiceController {}
