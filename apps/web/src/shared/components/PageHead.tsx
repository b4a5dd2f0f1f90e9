import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import type { ReactNode } from 'react';

interface PageHeadProps {
  /** the page's CSS block: the head is `<block>__head`, the title `<block>__title` */
  block: string;
  title: ReactNode;
  onBack: () => void;
  backLabel: string;
  backTestId: string;
}

/** A page's head: a back button and the page title. */
export function PageHead({ block, title, onBack, backLabel, backTestId }: PageHeadProps) {
  return (
    <div className={`${block}__head`}>
      <Button type="text" icon={<ArrowLeftOutlined />} onClick={onBack} aria-label={backLabel} data-testid={backTestId} />
      <Typography.Title level={4} className={`${block}__title`}>
        {title}
      </Typography.Title>
    </div>
  );
}
