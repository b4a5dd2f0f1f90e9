/** Operators of the join's filter rows by field type (spec 02 §5 "Filter comparison by type"). */
import type { Compare, DataType } from '../types';

export const JOIN_OPERATORS: Readonly<Record<DataType, readonly Compare[]>> = {
  number: ['>', '<', '=', '!=', '<=', '>='],
  string: ['=', '!=', 'contains', 'notContains'],
  date: ['between'],
};

/** A new filter row's operator: '=' , or 'between' for dates (spec 02 §5). */
export function defaultCompare(dataType: DataType): Compare {
  return dataType === 'date' ? 'between' : '=';
}

export const usesRange = (compare: Compare) => compare === 'between';

/** Label key of each operator in the module's catalogue (filter.operators.*). */
export const OPERATOR_KEYS: Readonly<Record<Compare, 'gt' | 'lt' | 'eq' | 'ne' | 'le' | 'ge' | 'between' | 'contains' | 'notContains'>> = {
  '>': 'gt',
  '<': 'lt',
  '=': 'eq',
  '!=': 'ne',
  '<=': 'le',
  '>=': 'ge',
  between: 'between',
  contains: 'contains',
  notContains: 'notContains',
};
