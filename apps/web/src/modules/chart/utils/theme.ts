/** Charts follow the app's theme: the rules live in @bi/charts (app-theme.ts), shared with the server's pictures (@bi/render). */
export { adaptToAppTheme, echartsLocale, followsAppTheme } from '@bi/charts';
