import TGridApp
