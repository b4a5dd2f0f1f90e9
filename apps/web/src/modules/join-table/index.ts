/** The join designer (spec 02 §2 screen 8): the page of the route join_table. */
export { JoinTablePage } from './components/JoinTablePage';
export { JOIN_SOURCE_TYPE } from './types';
