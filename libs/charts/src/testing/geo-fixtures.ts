/**
 * Tiny hand-made GeoJSON for the render tests: two or three rough polygons per map, named as the
 * registered maps name their regions. Not real boundaries; the web registers real GeoJSON.
 */
import { MAP_NAMES, type MapName } from '../maps.js';

type Ring = [number, number][];
interface Feature {
  type: 'Feature';
  properties: { name: string };
  geometry: { type: 'Polygon'; coordinates: Ring[] };
}
export interface FeatureCollection {
  type: 'FeatureCollection';
  features: Feature[];
}

function feature(name: string, ring: Ring): Feature {
  const closed = ring[0]![0] === ring.at(-1)![0] && ring[0]![1] === ring.at(-1)![1] ? ring : [...ring, ring[0]!];
  return { type: 'Feature', properties: { name }, geometry: { type: 'Polygon', coordinates: [closed] } };
}

export const CHINA_PROVINCES_FIXTURE: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    feature('广东', [[110, 21], [113, 22], [116.5, 22.8], [117.2, 24], [115.5, 25], [113.5, 25.5], [111.5, 24.5], [110, 22]]),
    feature('广西', [[104.5, 23], [106, 22], [108, 21.5], [110, 22], [111.5, 24.5], [110.5, 26], [107.5, 25.5], [105.5, 24.8]]),
    feature('湖南', [[108.8, 25.5], [110.5, 26], [111.5, 24.5], [113.5, 25.5], [114.2, 27], [114, 29], [112, 29.8], [110, 29.5], [109, 28]]),
  ],
};

export const CHINA_CITIES_FIXTURE: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    feature('广州', [[113.2, 22.6], [113.6, 22.6], [113.9, 23.2], [113.9, 23.9], [113.3, 23.9], [113.2, 23.3]]),
    feature('深圳', [[113.8, 22.45], [114.6, 22.45], [114.6, 22.8], [113.9, 22.8]]),
    feature('佛山', [[112.6, 22.6], [113.2, 22.6], [113.2, 23.3], [112.8, 23.5], [112.6, 23.1]]),
  ],
};

export const TAIWAN_FIXTURE: FeatureCollection = {
  type: 'FeatureCollection',
  features: [
    feature('台北市', [[121.45, 24.96], [121.62, 24.96], [121.67, 25.1], [121.55, 25.2], [121.46, 25.12]]),
    feature('新北市', [[121.3, 24.7], [122.0, 24.9], [121.9, 25.3], [121.6, 25.28], [121.7, 25.0], [121.4, 24.9]]),
    feature('桃园市', [[120.95, 24.6], [121.35, 24.6], [121.4, 25.1], [121.1, 25.1], [120.95, 24.9]]),
  ],
};

export const GEO_FIXTURES: Record<MapName, FeatureCollection> = {
  [MAP_NAMES.province]: CHINA_PROVINCES_FIXTURE,
  [MAP_NAMES.city]: CHINA_CITIES_FIXTURE,
  [MAP_NAMES.taiwan]: TAIWAN_FIXTURE,
};
