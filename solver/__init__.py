"""The ruling engine: rule sets, state graph, enumeration, ledger, verification, CLI."""
