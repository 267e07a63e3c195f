"""Tests of ``bibfolio new --from`` (bibfolio.movein)."""
