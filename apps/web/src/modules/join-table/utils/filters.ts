/** Operators of the join's filter rows by field type (spec 02 §5 "Filter comparison by type"). */
import { OPERATOR_LABEL_KEYS } from '../../chart-editor/utils/filters';
import { defaultJoinCompare } from '@bi/rules';
import type { Compare, DataType } from '../types';

export const JOIN_OPERATORS: Readonly<Record<DataType, readonly Compare[]>> = {
  number: ['>', '<', '=', '!=', '<=', '>='],
  string: ['=', '!=', 'like', 'notLike'],
  date: ['between'],
};

/** A new filter row's operator: '=' , or 'between' for dates (spec 02 §5). */
export const defaultCompare = (dataType: DataType) => defaultJoinCompare(dataType) as Compare;

export const usesRange = (compare: Compare) => compare === 'between';

/** The chart editor's word for each operator (chartEditor.filter.operators.*). */
export const operatorLabelKey = (compare: Compare) => OPERATOR_LABEL_KEYS[compare];
