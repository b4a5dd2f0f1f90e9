import { AppError, type MessageKey } from '@bi/core';
import { readSourceSql, type ReadSql } from '@bi/query';
import type { DialectName, ExpressionProblem, SqlProblem } from '@bi/sql-text';

/**
 * The data-source service's side of source SQL: the rule problems of @bi/sql-text as AppErrors of
 * the message catalogue. The SQL itself (previews, counts, table SQL, calculated fields) is written
 * by @bi/query's dialects, the one SQL writer of the product.
 */

const SQL_PROBLEM_KEYS: Record<Exclude<SqlProblem['code'], 'unterminated'>, MessageKey> = {
  empty: 'sql.empty',
  too_long: 'sql.too_long',
  executable_comment: 'sql.executable_comment',
  unbalanced: 'sql.unbalanced',
  multiple_statements: 'sql.multiple_statements',
  only_select: 'sql.only_select',
  forbidden_keyword: 'sql.forbidden_keyword',
  parameter: 'sql.parameter',
  order_by_top: 'sql.order_by_top',
};

export function sqlProblemError(p: SqlProblem): AppError {
  if (p.code === 'unterminated') return new AppError('invalid', `sql.unterminated_${p.what === 'quoted name' ? 'name' : p.what}`);
  const { code: _code, ...params } = p;
  return new AppError('invalid', SQL_PROBLEM_KEYS[p.code], params as Record<string, string | number>);
}

/** The source SQL read once (@bi/query readSourceSql) and checked by the read-only rules; throws the rule's AppError. */
export function checkSourceSql(sql: string, dialect: DialectName): ReadSql {
  const r = readSourceSql(sql, dialect);
  if (!r.ok) throw sqlProblemError(r.problem);
  return r.read;
}

export function expressionProblemError(field: string, p: ExpressionProblem): AppError {
  switch (p.code) {
    case 'empty':
      return new AppError('invalid', 'field.expression_empty', { name: field });
    case 'too_long':
      return new AppError('invalid', 'field.expression_too_long', { name: field, max: p.max });
    case 'unexpected':
      return new AppError('invalid', 'field.expression_unexpected', { name: field, char: p.char, position: p.position });
    case 'unterminated':
      return new AppError('invalid', 'field.expression_unterminated', { name: field });
    case 'unknown_field':
      return new AppError('invalid', 'field.expression_unknown_field', { name: field, field: p.name });
    case 'unknown_function':
      return new AppError('invalid', 'field.expression_unknown_function', { name: field, function: p.name });
    case 'unbalanced':
      return new AppError('invalid', 'field.expression_unbalanced', { name: field });
    case 'syntax':
      return new AppError('invalid', 'field.expression_syntax', { name: field, token: p.token });
  }
}
