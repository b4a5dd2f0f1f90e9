import { Alert, Button, Form, List, Space, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { DialogModal } from '../../../shared/components/DialogModal';
import { useErrorText } from '../../../shared/folder-tree';
import { useSubmit } from '../../../shared/hooks/useSubmit';
import { SourceSelect } from '../../chart-editor/panels/components/DataSourcePanel';
import { chartsWithDropped, folderSources, switchFolderSource, type FolderSwitchResult } from '../api/sourceSwitch';
import { useChartSourceRefresh } from '../hooks/useChartSourceRefresh';
import { useDbTranslation } from '../i18n';
import type { Project, TabType } from '../types';

interface Chosen {
  dataSourceId: string;
  /** the source's data-source folder */
  projectId: string;
  name: string;
}

/**
 * The dashboard-tab folder menu's "modify data source" (spec 01 §2 folder menu, §5, §7): choose a source,
 * read what will happen (every chart of the folder's dashboards moves to it, fields it lacks are removed),
 * confirm; then the charts that lost fields are listed and the folder's dashboards are read again.
 */
export function FolderSourceDialog({ tab, project, onClose }: { tab: TabType; project: Project; onClose: () => void }) {
  const { db } = useDbTranslation();
  const errorText = useErrorText();
  const refresh = useChartSourceRefresh(tab);
  const { pending, run } = useSubmit();
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const [tried, setTried] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [result, setResult] = useState<FolderSwitchResult | null>(null);
  // what the folder's charts use now (spec 01 §7 GET /api/dashboard/datasource/projects/{route}/{projectId})
  const inUse = useQuery({ queryKey: ['dashboard', 'folder-sources', tab, project.projectId], queryFn: () => folderSources(tab, project.projectId) });

  const submit = () => {
    setTried(true);
    if (!chosen) return;
    setFailure(null);
    void run(async () => {
      try {
        const answer = await switchFolderSource(tab, project.projectId, chosen.dataSourceId, chosen.projectId);
        setResult(answer);
        void refresh(project.dashboards.map((d) => d.dashboardId));
      } catch (error) {
        setFailure(errorText(error));
      }
    });
  };

  if (result) {
    const lost = chartsWithDropped(result);
    return (
      <DialogModal
        open
        title={db('sourceSwitch.folderTitle', { name: project.name })}
        onCancel={onClose}
        footer={
          <Button type="primary" onClick={onClose} data-testid="folder-source-close">
            {db('sourceSwitch.close')}
          </Button>
        }
        width={680}
      >
        <div data-testid="folder-source-result" data-charts={result.charts.length}>
          <Alert
            type="success"
            showIcon
            title={result.charts.length > 0 ? db('sourceSwitch.done', { count: result.charts.length, source: chosen?.name ?? '' }) : db('sourceSwitch.doneNone')}
          />
          {result.charts.length > 0 ? (
            lost.length > 0 ? (
              <List
                style={{ marginTop: 12 }}
                size="small"
                header={<Typography.Text type="danger">{db('sourceSwitch.droppedTitle')}</Typography.Text>}
                dataSource={lost}
                renderItem={(c) => (
                  <List.Item data-testid={`folder-source-dropped-${c.chartId}`}>
                    <Typography.Text strong>{c.title}</Typography.Text>
                    <span>
                      {c.dropped.map((name) => (
                        <Tag key={name} color="red">
                          {name}
                        </Tag>
                      ))}
                    </span>
                  </List.Item>
                )}
              />
            ) : (
              <Typography.Paragraph type="secondary" style={{ marginTop: 12 }} data-testid="folder-source-nothing-dropped">
                {db('sourceSwitch.nothingDropped')}
              </Typography.Paragraph>
            )
          ) : null}
        </div>
      </DialogModal>
    );
  }

  return (
    <DialogModal
      open
      title={db('sourceSwitch.folderTitle', { name: project.name })}
      onOk={submit}
      okText={db('sourceSwitch.save')}
      onCancel={onClose}
      confirmLoading={pending}
      width={680}
    >
      <Form layout="vertical" component="div" data-testid="folder-source-dialog" data-selected={chosen?.dataSourceId ?? ''}>
        <Form.Item label={db('sourceSwitch.choose')} validateStatus={tried && !chosen ? 'error' : undefined} help={tried && !chosen ? db('sourceSwitch.chooseRequired') : undefined}>
          <SourceSelect value={chosen?.dataSourceId} onChange={(dataSourceId, source) => setChosen({ dataSourceId, projectId: source.projectId, name: source.name })} />
        </Form.Item>
        <Form.Item label={db('sourceSwitch.inUse')}>
          <div data-testid="folder-source-in-use" data-count={inUse.data?.length ?? ''}>
            {inUse.isError ? (
              <Typography.Text type="danger">{errorText(inUse.error)}</Typography.Text>
            ) : inUse.data && inUse.data.length === 0 ? (
              <Typography.Text type="secondary">{db('sourceSwitch.inUseNone')}</Typography.Text>
            ) : (
              <Space wrap size={[8, 8]}>
                {(inUse.data ?? []).map((s) => (
                  <Tag key={s.dataSourceId} color={s.dataSourceAuth ? 'blue' : 'default'} data-testid={`folder-source-in-use-${s.dataSourceId}`} style={{ marginInlineEnd: 0 }}>
                    {s.dataSourceAuth ? s.name : s.exists ? db('sourceSwitch.inUseHidden') : db('sourceSwitch.inUseDeleted')} · {db('sourceSwitch.inUseCharts', { count: s.charts })}
                  </Tag>
                ))}
              </Space>
            )}
          </div>
        </Form.Item>
        <Alert
          type="warning"
          showIcon
          data-testid="folder-source-what"
          title={
            chosen
              ? db('sourceSwitch.folderWhatSource', { count: project.dashboards.length, name: project.name, source: chosen.name })
              : db('sourceSwitch.folderWhat', { count: project.dashboards.length, name: project.name })
          }
        />
        {failure ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={db('sourceSwitch.failed')} description={failure} data-testid="folder-source-failed" /> : null}
      </Form>
    </DialogModal>
  );
}
