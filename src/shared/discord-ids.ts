/** A Discord id (snowflake) as people type and paste it: 17–20 digits. Snowflakes stay strings everywhere. */
export const SNOWFLAKE_PATTERN = /^\d{17,20}$/;

export const isSnowflake = (value: string): boolean => SNOWFLAKE_PATTERN.test(value);
