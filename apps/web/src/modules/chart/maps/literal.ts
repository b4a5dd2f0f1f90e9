/** Reading the GeoJSON out of an ECharts map script lives in @bi/charts (map-script.ts), shared with the server's pictures (@bi/render). */
export { geoJsonFromMapScript, literalToJson, registerMapLiteral } from '@bi/charts';
