/** The part of node-oracledb (which ships no types) this service uses, in Thin mode. */
declare module 'oracledb' {
  interface DbType {
    readonly num: number;
    readonly name: string;
  }
  interface Metadata {
    name: string;
    dbType: DbType;
    dbTypeName: string;
  }
  interface ExecuteResult {
    rows?: unknown[][];
    metaData?: Metadata[];
  }
  interface ExecuteOptions {
    outFormat?: number;
    maxRows?: number;
    fetchTypeHandler?: (metaData: Metadata) => { type: DbType | number } | undefined;
  }
  interface Connection {
    callTimeout: number;
    execute(sql: string, binds?: unknown[], options?: ExecuteOptions): Promise<ExecuteResult>;
    rollback(): Promise<void>;
    close(options?: { drop?: boolean }): Promise<void>;
  }
  interface Pool {
    getConnection(): Promise<Connection>;
    close(drainTime?: number): Promise<void>;
  }
  interface ConnectionAttributes {
    user: string;
    password: string;
    connectString: string;
    privilege?: number;
    connectTimeout?: number;
    transportConnectTimeout?: number;
    poolMin?: number;
    poolMax?: number;
    poolTimeout?: number;
  }
  const oracledb: {
    readonly thin: boolean;
    readonly OUT_FORMAT_ARRAY: number;
    readonly SYSDBA: number;
    readonly SYSOPER: number;
    readonly STRING: DbType;
    readonly DB_TYPE_NUMBER: DbType;
    readonly DB_TYPE_CLOB: DbType;
    readonly DB_TYPE_NCLOB: DbType;
    readonly DB_TYPE_JSON: DbType;
    createPool(attributes: ConnectionAttributes): Promise<Pool>;
    getConnection(attributes: ConnectionAttributes): Promise<Connection>;
  };
  export default oracledb;
  export type { Connection, Pool, Metadata };
}
