export { EmbedPage } from './components/EmbedPage';
