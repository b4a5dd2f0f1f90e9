import { resolvePalette, resolveTheme, THEME_NAMES, THEMES } from '@bi/charts';
import type { Chart } from '@bi/chart-model';
import { Radio, Space, Switch } from 'antd';
import { displayOptionOn, displayOptionsFor, hasMapGranularity, isDualAxis, rangeKeysFor, type RangeKey } from '../utils/applicability';
import { mapConfigOf, NAV_FONT_SIZE, navFontSizeValid, setDataZoom, setDisplayOption, setLegendStyle, setMapConfig, setNavConfig, setPropertyValue, setShowTitle, setTheme, trySetRange } from '../utils/chart';
import { usePanelsTranslation, type ChartPanelsKey } from '../i18n';
import { ColorInput, Note, NumberField, Row, SwitchRow, type PanelProps } from './common';

/** Title show/hide. */
export function TitlePanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  return <SwitchRow label={pt('title.show')} checked={chart.showTitle !== false} onChange={(on) => onChange(setShowTitle(chart, on))} testId="title-show" />;
}

const LEGEND_STYLES = [
  [0, 'none'],
  [1, 'top'],
  [2, 'right'],
  [3, 'bottom'],
] as const;

/** Legend position: none, top, right, bottom (legendStyle 0–3; missing reads as top). */
export function LegendPanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const current = typeof chart.legendStyle === 'number' && chart.legendStyle >= 0 && chart.legendStyle <= 3 ? chart.legendStyle : 1;
  return (
    <Row label={pt('legend.position')}>
      <Radio.Group size="small" optionType="button" value={current} onChange={(e) => onChange(setLegendStyle(chart, e.target.value as 0 | 1 | 2 | 3))} data-testid="legend-position" data-value={current}>
        {LEGEND_STYLES.map(([value, name]) => (
          <Radio.Button key={value} value={value}>
            <span data-testid={`legend-position-${name}`}>{pt(`legend.${name}`)}</span>
          </Radio.Button>
        ))}
      </Radio.Group>
    </Row>
  );
}

/** Chart-level switches that apply to the kind: smooth, group, horizontal, split lines, point labels, real values. */
export function DisplayPanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  return (
    <>
      {displayOptionsFor(chart.type).map((option) => (
        <SwitchRow
          key={option}
          label={pt(`display.${option}`)}
          hint={option === 'group' ? pt('display.groupHint') : option === 'isShowRealValue' ? pt('display.isShowRealValueHint') : undefined}
          checked={displayOptionOn(chart, option)}
          onChange={(on) => onChange(setDisplayOption(chart, option, on))}
          testId={`display-${option}`}
        />
      ))}
    </>
  );
}

function rangeLabel(chart: Chart, key: RangeKey): ChartPanelsKey {
  if (chart.type === 'gauge') return key === 'min' ? 'range.gaugeMin' : 'range.gaugeMax';
  if (chart.type === 'nav') return 'range.navMax';
  if (isDualAxis(chart.type)) return ({ min: 'range.primaryMin', max: 'range.primaryMax', secondMin: 'range.secondMin', secondMax: 'range.secondMax' } as const)[key];
  return key === 'min' ? 'range.axisMin' : 'range.axisMax';
}

/** property.min/max (and secondMin/secondMax): value axes, the gauge dial, the nav target. Empty means automatic. */
export function RangePanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  return (
    <>
      {rangeKeysFor(chart.type).map((key) => (
        <Row key={key} label={pt(rangeLabel(chart, key))} hint={chart.type === 'nav' ? pt('range.navMaxHint') : undefined}>
          <NumberField
            value={chart.property?.[key]}
            placeholder={pt('common.auto')}
            testId={`range-${key}`}
            ariaLabel={pt(rangeLabel(chart, key))}
            onCommit={(value) => {
              const r = trySetRange(chart, key, value);
              if (r.problem) return pt(`range.${r.problem}`);
              onChange(r.chart);
              return null;
            }}
          />
        </Row>
      ))}
    </>
  );
}

/** Chart theme (five themes, with their palettes) and the background colour over it. */
export function StylePanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const theme = chart.theme ?? 'light';
  return (
    <>
      <Row label={pt('style.theme')}>
        <Radio.Group size="small" value={theme} onChange={(e) => onChange(setTheme(chart, e.target.value as NonNullable<Chart['theme']>))} data-testid="style-theme" data-value={theme} className="bi-panels__themes">
          <Space orientation="vertical" size={4}>
            {THEME_NAMES.map((name) => (
              <Radio key={name} value={name}>
                <span className="bi-panels__theme-name" data-testid={`style-theme-${name}`}>{pt(`style.themes.${name}`)}</span>
                <span className="bi-panels__swatches" aria-hidden>
                  {THEMES[name].palette.slice(0, 6).map((c) => (
                    <span key={c} className="bi-panels__swatch" style={{ background: c }} />
                  ))}
                </span>
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      </Row>
      <Row label={pt('style.background')} hint={pt('style.backgroundHint')}>
        <ColorInput
          value={chart.property?.background}
          allowClear
          placeholder={THEMES[theme].background}
          fallback={THEMES[theme].background}
          onChange={(color) => onChange(setPropertyValue(chart, 'background', color))}
          testId="style-background"
          ariaLabel={pt('style.background')}
        />
      </Row>
    </>
  );
}

/** Axis zoom sliders. */
export function DataZoomPanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  return (
    <>
      <SwitchRow label={pt('dataZoom.x')} checked={chart.xDataZoom === true} onChange={(on) => onChange(setDataZoom(chart, 'x', on))} testId="datazoom-x" />
      <SwitchRow label={pt('dataZoom.y')} checked={chart.yDataZoom === true} onChange={(on) => onChange(setDataZoom(chart, 'y', on))} testId="datazoom-y" />
    </>
  );
}

/** Map level (China map: city or province) and the visual map. */
export function MapPanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const config = mapConfigOf(chart);
  return (
    <>
      {hasMapGranularity(chart.type) ? (
        <Row label={pt('map.granularity')}>
          <Radio.Group size="small" optionType="button" value={config.granularity} onChange={(e) => onChange(setMapConfig(chart, { granularity: e.target.value as 0 | 1 }))} data-testid="map-granularity" data-value={config.granularity}>
            <Radio.Button value={1}>
              <span data-testid="map-granularity-province">{pt('map.province')}</span>
            </Radio.Button>
            <Radio.Button value={0}>
              <span data-testid="map-granularity-city">{pt('map.city')}</span>
            </Radio.Button>
          </Radio.Group>
        </Row>
      ) : (
        <Note>{pt('map.taiwan')}</Note>
      )}
      <Row label={pt('map.visualMap')}>
        <Switch size="small" checked={config.visualMapShow} onChange={(on) => onChange(setMapConfig(chart, { visualMapShow: on }))} data-testid="map-visual-map" />
      </Row>
    </>
  );
}

/** Progress (nav) colours and label font size. */
export function NavPanel({ chart, onChange }: PanelProps) {
  const { pt } = usePanelsTranslation();
  const nav = chart.navConfig ?? {};
  const theme = resolveTheme(chart.theme);
  return (
    <>
      <Row label={pt('nav.navColor')}>
        <ColorInput value={nav.navColor} allowClear placeholder={pt('common.default')} fallback={resolvePalette(chart, theme)[0]} onChange={(navColor) => onChange(setNavConfig(chart, { navColor }))} testId="nav-color" ariaLabel={pt('nav.navColor')} />
      </Row>
      <Row label={pt('nav.noNavColor')}>
        <ColorInput value={nav.noNavColor} allowClear placeholder={pt('common.default')} fallback={theme.track} onChange={(noNavColor) => onChange(setNavConfig(chart, { noNavColor }))} testId="nav-track-color" ariaLabel={pt('nav.noNavColor')} />
      </Row>
      <Row label={pt('nav.fontSize')}>
        <NumberField
          value={nav.navFontSize}
          placeholder={String(NAV_FONT_SIZE.default)}
          precision={0}
          testId="nav-font-size"
          ariaLabel={pt('nav.fontSize')}
          onCommit={(value) => {
            if (value !== undefined && !navFontSizeValid(value)) return pt('nav.fontSizeRange', { min: NAV_FONT_SIZE.min, max: NAV_FONT_SIZE.max });
            onChange(setNavConfig(chart, { navFontSize: value }));
            return null;
          }}
        />
      </Row>
    </>
  );
}
