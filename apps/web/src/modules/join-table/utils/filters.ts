/** Operators of the join's filter rows by field type (spec 02 §5 "Filter comparison by type"). */
import { OPERATOR_LABEL_KEYS } from '../../chart-editor/utils/filters';
import { FILTER_COMPARES, defaultJoinCompare } from '@bi/rules';
import type { Compare, DataType } from '../types';

/** The operators per field type (FILTER_COMPARES of @bi/rules, which the query writer checks). */
export const JOIN_OPERATORS = FILTER_COMPARES as Readonly<Record<DataType, readonly Compare[]>>;

/** A new filter row's operator: '=' , or 'between' for dates (spec 02 §5). */
export const defaultCompare = (dataType: DataType) => defaultJoinCompare(dataType) as Compare;

export const usesRange = (compare: Compare) => compare === 'between';

/** The chart editor's word for each operator (chartEditor.filter.operators.*). */
export const operatorLabelKey = (compare: Compare) => OPERATOR_LABEL_KEYS[compare];
