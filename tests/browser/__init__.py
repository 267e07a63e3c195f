"""Tests in a real Chromium: both portfolios built, served and used as visitors use them."""
