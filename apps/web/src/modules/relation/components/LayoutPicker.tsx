import { ApartmentOutlined, NodeIndexOutlined, ShareAltOutlined } from '@ant-design/icons';
import { RELATION_LAYOUTS } from '@bi/chart-model';
import { Segmented } from 'antd';
import { useRelationTranslation } from '../i18n';
import type { RelationLayout } from '../types';

const LAYOUT_KEYS = { 0: 'force', 1: 'topBottom', 2: 'leftRight' } as const;
const ICONS = { 0: <ShareAltOutlined />, 1: <ApartmentOutlined />, 2: <NodeIndexOutlined /> } as const;

/** The three layouts of a map (spec 02 §2 screen 10): force graph, top-bottom tree, left-right tree. */
export function LayoutPicker({ value, onChange, testId }: { value: RelationLayout; onChange: (layout: RelationLayout) => void; testId: string }) {
  const { rl } = useRelationTranslation();
  return (
    <Segmented<RelationLayout>
      value={value}
      onChange={onChange}
      aria-label={rl('viewer.layout')}
      data-testid={testId}
      options={RELATION_LAYOUTS.map((layout) => ({
        value: layout,
        icon: ICONS[layout],
        label: <span data-testid={`${testId}-${layout}`}>{rl(`viewer.layouts.${LAYOUT_KEYS[layout]}`)}</span>,
      }))}
    />
  );
}
