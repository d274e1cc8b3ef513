import TermGrid
import TGridJSON
